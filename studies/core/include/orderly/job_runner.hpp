#pragma once
// A parallel runner for any study's jobs. Job i's result (or its error text) lands in slot i, so
// the output is the same, in the same order, for any thread count; progress goes to stderr.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace orderly {

template <class Result>
struct job_outcome {
  std::optional<Result> result;
  std::string error;  // what the job threw, when it has no result
};

// "[ 12/198] 35 s elapsed, about 1 min 40 s left" lines on a stream, at most one per `interval`.
class progress_meter {
 public:
  progress_meter(std::string label, std::size_t total, std::FILE* stream = stderr,
                 std::chrono::seconds interval = std::chrono::seconds(2))
      : label_(std::move(label)),
        total_(total),
        stream_(stream),
        interval_(interval),
        start_(std::chrono::steady_clock::now()),
        last_(start_) {}

  // `label` names the job for the slowest-jobs line; `seconds` is its wall time.
  void job_done(const std::string& label = {}, double seconds = 0) {
    const std::lock_guard lock(mutex_);
    ++done_;
    if (!label.empty()) {
      slowest_.emplace_back(seconds, label);
      std::sort(slowest_.begin(), slowest_.end(), std::greater<>());
      if (slowest_.size() > slowest_kept) slowest_.pop_back();
    }
    const auto now = std::chrono::steady_clock::now();
    if (done_ < total_ && now - last_ < interval_) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double left = done_ ? elapsed * static_cast<double>(total_ - done_) / static_cast<double>(done_) : 0;
    std::fprintf(stream_, "%s [%zu/%zu] %s elapsed, about %s left\n", label_.c_str(), done_, total_,
                 duration_text(elapsed).c_str(), duration_text(left).c_str());
    std::fflush(stream_);
  }

  // "slowest: a 41 s, b 30 s, ..." (where a suite's wall time goes; empty when no job was named).
  std::string slowest_text() const {
    const std::lock_guard lock(mutex_);
    std::string text;
    for (const auto& [seconds, label] : slowest_)
      text += (text.empty() ? "slowest: " : ", ") + label + " " + duration_text(seconds);
    return text;
  }

  double elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  static std::string duration_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    return s < 60 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
  }

 private:
  std::string label_;
  std::size_t total_, done_ = 0;
  std::FILE* stream_;
  std::chrono::seconds interval_;
  std::chrono::steady_clock::time_point start_, last_;
  static constexpr std::size_t slowest_kept = 8;
  std::vector<std::pair<double, std::string>> slowest_;
  mutable std::mutex mutex_;
};

// Runs run(jobs[i]) for every i on `threads` threads (0: all cores). Catalog statics must be built
// before (call method_catalog() / problem_catalog() once): their first use is not what threads
// should race on.
// `label(job)`, when given, names each job for the progress meter's slowest-jobs line.
template <class Job, class Run, class Label = std::nullptr_t>
auto run_jobs(const std::vector<Job>& jobs, Run&& run, unsigned threads, progress_meter* progress = nullptr,
              Label label = nullptr) -> std::vector<job_outcome<std::invoke_result_t<Run&, const Job&>>> {
  using Result = std::invoke_result_t<Run&, const Job&>;
  std::vector<job_outcome<Result>> outcomes(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
      const auto start = std::chrono::steady_clock::now();
      try {
        outcomes[i].result.emplace(run(jobs[i]));
      } catch (const std::exception& e) {
        outcomes[i].error = e.what();
      }
      if (!progress) continue;
      if constexpr (std::is_same_v<Label, std::nullptr_t>) {
        progress->job_done();
      } else {
        progress->job_done(label(jobs[i]),
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
    }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  return outcomes;
}

}  // namespace orderly
