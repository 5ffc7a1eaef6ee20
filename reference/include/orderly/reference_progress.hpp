#pragma once
// How far a reference computation has got: a computed reference integrates from t0 to its last
// output time, once per attempt (each attempt tightens the tolerances), and can take minutes; a
// caller that wants to show it (the CLI's progress line) passes a sink, which the integration
// calls from the thread that computes the reference values.
#include <cstdint>
#include <functional>

namespace orderly {

struct reference_progress_point {
  int attempt = 1, max_attempts = 1;
  double fraction = 0;  // of the span from t0 to the last output time, integrated so far
};

using reference_progress = std::function<void(const reference_progress_point&)>;

// Reports the time a right-hand side is evaluated at, once every `calls_per_report` evaluations:
// a conversion to double per evaluation would cost more than the sink saves.
template <class T>
class span_progress {
 public:
  static constexpr std::uint64_t calls_per_report = 64;

  span_progress(const reference_progress& sink, const T& t0, const T& t_last, int attempt, int max_attempts)
      : sink_(sink), t0_(t0), span_(t_last - t0), attempt_(attempt), max_attempts_(max_attempts) {}

  void evaluated_at(const T& t) {
    if (!sink_ || ++calls_ % calls_per_report != 0 || !(span_ > 0)) return;
    sink_({attempt_, max_attempts_, static_cast<double>((t - t0_) / span_)});
  }

 private:
  const reference_progress& sink_;
  T t0_, span_;
  int attempt_, max_attempts_;
  std::uint64_t calls_ = 0;
};

}  // namespace orderly
