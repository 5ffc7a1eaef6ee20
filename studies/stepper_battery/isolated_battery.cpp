// fork, the battery in the child, its JSON back through a pipe; the child's death is a result.
// The parent owns the clock: it polls the pipe with a deadline and reads the child's progress
// (the stage it is in, its steps, whether it is inside the library) from a page of memory shared
// before the fork. Nothing the library does in the child (SIGALRM ignored or used, a forked child
// holding the pipe, descriptors closed, text on standard output) can keep the parent waiting.
#include <orderly/isolated_battery.hpp>
#include <orderly/stepper_battery.hpp>

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

namespace orderly {
namespace {

// The child's exit statuses; any other status, or a signal, is the library's doing.
constexpr int child_judged = 0;     // the pipe holds {"battery": ...}
constexpr int child_refused = 3;    // the pipe holds {"refused": reason}
constexpr int child_lost_pipe = 4;  // the library closed or replaced the result pipe's descriptor
// The reply's last byte: a reply without it was cut short.
constexpr char reply_end = '\n';
// How often the parent looks at the child's progress.
constexpr int poll_milliseconds = 100;
// A library that keeps announcing new stages cannot extend the battery beyond this many stage
// bounds (the battery has about ten stages).
constexpr int max_battery_stages = 32;

// A library path or name that is not UTF-8 (a Latin-1 file name) travels with U+FFFD in place of
// each invalid byte, instead of stopping the reply.
constexpr auto invalid_utf8 = nlohmann::json::error_handler_t::replace;

// What the child tells the parent without the pipe: written by the child, read by the parent.
struct battery_progress {
  std::atomic<int> stage{0};                 // stages entered so far
  std::atomic<unsigned long long> calls{0};  // calls into the library that returned
  std::atomic<int> inside{0};                // 1 while a call into the library is running
  char stage_name[96] = {};                  // the current stage's name (cosmetic: read without a lock)
};
static_assert(std::atomic<unsigned long long>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the progress page is shared between processes");

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// Counts every call into the library and marks it as running, so the parent can tell a step that
// never returns from a slow stage.
struct inside_library {
  battery_progress& progress;
  explicit inside_library(battery_progress& p) : progress(p) { progress.inside.store(1); }
  ~inside_library() {
    progress.inside.store(0);
    progress.calls.fetch_add(1);
  }
};

user_stepper watched(user_stepper stepper, battery_progress& progress) {
  stepper.step = [step = std::move(stepper.step), &progress](const user_rhs& f, double t, state_of<double> y,
                                                             double h) {
    inside_library call(progress);
    return step(f, t, std::move(y), h);
  };
  if (stepper.step_with_error)
    stepper.step_with_error = [step = std::move(stepper.step_with_error), &progress](const user_rhs& f, double t,
                                                                                     state_of<double> y, double h) {
      inside_library call(progress);
      return step(f, t, std::move(y), h);
    };
  return stepper;
}

void enter_stage(battery_progress& progress, const std::string& name) {
  std::snprintf(progress.stage_name, sizeof progress.stage_name, "%s", name.c_str());
  progress.stage.fetch_add(1);
}

// The identity of the pipe's descriptor, to tell whether the library closed or replaced it.
bool same_file(int fd, const struct stat& before) {
  struct stat now {};
  return ::fstat(fd, &now) == 0 && now.st_dev == before.st_dev && now.st_ino == before.st_ino;
}

[[noreturn]] void run_child(const stepper_library_spec& spec, int fd, battery_progress& progress) {
  ::setpgid(0, 0);                       // its own process group, killed as a whole
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);    // and gone if orderly is
  ::dup2(STDERR_FILENO, STDOUT_FILENO);  // the library's printf never reaches orderly's standard output
  struct stat pipe_identity {};
  ::fstat(fd, &pipe_identity);
  int status = child_judged;
  std::string reply;
  try {
    enter_stage(progress, "loading the library");
    // Never unloaded: a library's own threads may still run its code when the child ends.
    const auto* stepper = [&] {
      inside_library call(progress);
      return new user_stepper(load_stepper_library(spec));
    }();
    const auto battery =
        stepper_battery(watched(*stepper, progress), [&](const std::string& stage) { enter_stage(progress, stage); });
    reply = nlohmann::json{{"battery", to_json(battery)}}.dump(-1, ' ', false, invalid_utf8);
  } catch (const stepper_library_error& e) {
    reply = nlohmann::json{{"refused", e.what()}}.dump(-1, ' ', false, invalid_utf8);
    status = child_refused;
  } catch (const stepper_refused& e) {
    reply = nlohmann::json{{"refused", "stepper library '" + escaped_text(spec.path) + "': " + e.what()}}.dump(
        -1, ' ', false, invalid_utf8);
    status = child_refused;
  } catch (const std::exception& e) {
    reply = nlohmann::json{{"refused",
                            "stepper library '" + escaped_text(spec.path) + "': the battery stopped: " + e.what()}}
                .dump(-1, ' ', false, invalid_utf8);
    status = child_refused;
  }
  std::fflush(nullptr);  // what the library printed, to standard error
  if (!same_file(fd, pipe_identity)) ::_exit(child_lost_pipe);
  write_all(fd, reply + reply_end);
  // _exit: no atexit handlers, static destructors or library unloading (the parent's copies, the
  // library's threads); the pipe is closed by the exit.
  ::_exit(status);
}

using steady = std::chrono::steady_clock;

double seconds_since(steady::time_point start) { return std::chrono::duration<double>(steady::now() - start).count(); }

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f s", seconds);
  return text;
}

// The parent's side: reads the reply while watching the child's progress against the limits;
// returns the child's wait status, or throws after killing its process group when a bound is
// exceeded.
class watchdog {
 public:
  watchdog(pid_t child, int fd, const battery_progress& progress, const battery_time_limits& limits, std::string where)
      : child_(child), fd_(fd), progress_(progress), limits_(limits), where_(std::move(where)) {}

  int wait(std::string& reply) {
    const auto start = steady::now();
    stage_start_ = last_call_ = last_line_ = start;
    int status = 0;
    for (;;) {
      if (fd_ >= 0) read_available(reply);
      const pid_t done = ::waitpid(child_, &status, WNOHANG);
      if (done == child_) break;
      observe();
      if (fd_ < 0) ::poll(nullptr, 0, poll_milliseconds);
    }
    if (fd_ >= 0) {  // what the child wrote before it ended; a grandchild may still hold the pipe open
      ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
      while (fd_ >= 0 && read_available(reply)) {
      }
      if (fd_ >= 0) ::close(fd_);
    }
    ::kill(-child_, SIGKILL);  // whatever the library left running in the child's group
    return status;
  }

 private:
  // Waits up to one poll interval for the pipe; true when it read something.
  bool read_available(std::string& reply) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, poll_milliseconds) <= 0) return false;
    char buffer[1 << 16];
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n > 0) {
      reply.append(buffer, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      ::close(fd_);
      fd_ = -1;
    }
    return false;
  }

  std::string stage_text() const {
    return "stage " + std::to_string(progress_.stage.load()) + " (" +
           std::string(progress_.stage_name, strnlen(progress_.stage_name, sizeof progress_.stage_name)) + ")";
  }

  [[noreturn]] void stop(const std::string& why) {
    ::kill(-child_, SIGKILL);
    if (fd_ >= 0) ::close(fd_);
    int status = 0;
    while (::waitpid(child_, &status, 0) < 0 && errno == EINTR) {
    }
    throw isolated_battery_error(where_ + ": " + why);
  }

  void observe() {
    const auto now = steady::now();
    const int stage = progress_.stage.load();
    const auto calls = progress_.calls.load();
    if (stage != stage_) stage_ = stage, stage_start_ = now, last_line_ = now;
    if (calls != calls_ || progress_.inside.load() == 0) calls_ = calls, last_call_ = now;
    if (seconds_since(last_call_) > limits_.step_seconds)
      stop("a call into the library did not return within " + seconds_text(limits_.step_seconds) +
           " (--step-timeout) in " + stage_text() + ", after " + std::to_string(calls) + " calls");
    if (seconds_since(stage_start_) > limits_.stage_seconds)
      stop(stage_text() + " did not finish within " + seconds_text(limits_.stage_seconds) +
           " (--stage-timeout); its steps return, but it made only " + std::to_string(calls) +
           " calls so far: raise --stage-timeout for a slow stepper");
    if (stage_ > max_battery_stages)
      stop("the battery announced " + std::to_string(stage_) + " stages; it has about ten");
    if (limits_.progress && seconds_since(last_line_) >= limits_.progress_seconds) {
      last_line_ = now;
      std::fprintf(limits_.progress, "check --stepper: %s running for %s of %s, %llu calls into the library\n",
                   stage_text().c_str(), seconds_text(seconds_since(stage_start_)).c_str(),
                   seconds_text(limits_.stage_seconds).c_str(), calls);
      std::fflush(limits_.progress);
    }
  }

  pid_t child_;
  int fd_;
  const battery_progress& progress_;
  const battery_time_limits& limits_;
  std::string where_;
  int stage_ = 0;
  unsigned long long calls_ = 0;
  steady::time_point stage_start_, last_call_, last_line_;
};

// The reply the child wrote: one JSON object, whole, with the key the exit status promises.
// Anything else was written by the library on a descriptor it did not open, or cut short.
nlohmann::json parse_reply(const std::string& reply, const std::string& where) {
  const auto malformed = [&](const std::string& why) {
    return isolated_battery_error(where + ": the battery's result was not what orderly's child writes (" + why +
                                  "): the library writes to descriptors it did not open?");
  };
  if (reply.empty() || reply.back() != reply_end) throw malformed("cut short");
  auto parsed = nlohmann::json::parse(reply.begin(), reply.end() - 1, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object() || parsed.size() != 1) throw malformed("not one JSON object");
  return parsed;
}

// The battery's fields the command reads, each of its type (a forged reply must not reach them:
// a missing key read through a const JSON object is undefined behaviour).
bool battery_shape_ok(const nlohmann::json& b) {
  const auto has = [](const nlohmann::json& o, const char* key, auto is_type) {
    return o.is_object() && o.contains(key) && is_type(o.at(key));
  };
  const auto string = [](const nlohmann::json& x) { return x.is_string(); };
  const auto object = [](const nlohmann::json& x) { return x.is_object(); };
  const auto any = [](const nlohmann::json&) { return true; };
  if (!has(b, "name", string) || !has(b, "verdict", string) || !has(b, "closest_method", string) ||
      !has(b, "declared_order", [](const nlohmann::json& x) { return x.is_number_integer(); }) ||
      !has(b, "closest_method_known", [](const nlohmann::json& x) { return x.is_boolean(); }) ||
      !has(b, "cost", object) || !has(b.at("cost"), "rhs_evaluations_per_step", any) || !has(b, "order", object) ||
      !has(b.at("order"), "problems_from", string) ||
      !has(b.at("order"), "runs", [](const nlohmann::json& x) { return x.is_array(); }) || !has(b, "energy", object) ||
      !has(b, "stability", any) || !has(b, "game_table", any))
    return false;
  for (const auto& run : b.at("order").at("runs"))
    if (!has(run, "problem", string) || !has(run, "verdict", string) || !has(run, "verdict_reason", string) ||
        !has(run, "passes", [](const nlohmann::json& x) { return x.is_boolean(); }) ||
        !has(run, "measured_order", any) || !has(run, "order_uncertainty", any) || !has(run, "error_constant", any))
      return false;
  for (const auto& [problem, energy] : b.at("energy").items())
    if (energy.is_object() && energy.contains("error") && !energy.at("error").is_string()) return false;
  return true;
}

}  // namespace

battery_result isolated_stepper_battery(const stepper_library_spec& spec, const battery_time_limits& limits) {
  const std::string where = "stepper library '" + escaped_text(spec.path) + "'";
  void* page = ::mmap(nullptr, sizeof(battery_progress), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + std::strerror(errno));
  auto* progress = new (page) battery_progress;
  struct unmap {
    void* page;
    ~unmap() { ::munmap(page, sizeof(battery_progress)); }
  } unmapped{page};
  int fds[2];
  // Close-on-exec: a program the library starts inherits neither end.
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (child == 0) {
    ::close(fds[0]);
    run_child(spec, fds[1], *progress);
  }
  ::setpgid(child, child);  // as the child does itself: whichever runs first
  ::close(fds[1]);          // the parent's copy of the write end: EOF once the child's is gone
  std::string reply;
  const int status = watchdog(child, fds[0], *progress, limits, where).wait(reply);
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    throw isolated_battery_error(where + ": the stepper crashed (signal " + std::to_string(signal) + ", " +
                                 strsignal(signal) + ") during the battery");
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == child_lost_pipe)
    throw isolated_battery_error(where +
                                 ": the library closed the descriptor of orderly's result pipe during "
                                 "the battery (it closes descriptors it did not open)");
  if (code != child_judged && code != child_refused)
    throw isolated_battery_error(where + ": the battery's process ended with status " + std::to_string(code) +
                                 " (the library called exit)");
  const auto parsed = parse_reply(reply, where);
  if (code == child_refused && parsed.contains("refused") && parsed["refused"].is_string())
    throw isolated_battery_error(parsed["refused"].get<std::string>());
  if (code == child_judged && parsed.contains("battery") && battery_shape_ok(parsed.at("battery"))) {
    try {
      auto battery = battery_from_json(parsed.at("battery"));
      battery_text(battery);  // what the command prints, each section's values of their types
      return battery;
    } catch (const nlohmann::json::exception&) {
    }
  }
  throw isolated_battery_error(where +
                               ": the battery's result was not what orderly's child writes (fields of "
                               "the wrong type): the library writes to descriptors it did not open?");
}

}  // namespace orderly
