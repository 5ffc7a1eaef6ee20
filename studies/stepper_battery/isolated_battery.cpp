// fork, the battery in the child, its JSON back through a pipe; the child's death is a result.
#include <orderly/isolated_battery.hpp>
#include <orderly/stepper_battery.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

namespace orderly {
namespace {

// The child's exit statuses; any other status, or a signal, is the library's doing.
constexpr int child_judged = 0;   // the pipe holds {"battery": ...}
constexpr int child_refused = 3;  // the pipe holds {"refused": reason}
// A step that never returns must not hang orderly: the child is stopped (SIGALRM) after this long,
// far beyond the battery of any stepper that returns (well under a second for the examples' RK4).
constexpr unsigned battery_time_limit_seconds = 600;

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

std::string read_all(int fd) {
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

[[noreturn]] void run_child(const stepper_library_spec& spec, int fd) {
  ::alarm(battery_time_limit_seconds);
  int status = child_judged;
  std::string reply;
  try {
    const auto stepper = load_stepper_library(spec);
    reply = nlohmann::json{{"battery", stepper_battery(stepper)}}.dump();
  } catch (const stepper_library_error& e) {
    reply = nlohmann::json{{"refused", e.what()}}.dump();
    status = child_refused;
  } catch (const stepper_refused& e) {
    reply = nlohmann::json{{"refused", "stepper library '" + spec.path + "': " + e.what()}}.dump();
    status = child_refused;
  } catch (const std::exception& e) {
    reply = nlohmann::json{{"refused", "stepper library '" + spec.path + "': the battery stopped: " + e.what()}}.dump();
    status = child_refused;
  }
  write_all(fd, reply);
  ::close(fd);
  std::fflush(nullptr);
  // _exit: no atexit handlers or static destructors of the parent's copy run twice.
  ::_exit(status);
}

}  // namespace

nlohmann::json isolated_stepper_battery(const stepper_library_spec& spec) {
  const std::string where = "stepper library '" + spec.path + "'";
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (child == 0) {
    ::close(fds[0]);
    run_child(spec, fds[1]);
  }
  ::close(fds[1]);
  const std::string reply = read_all(fds[0]);
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    throw isolated_battery_error(where + ": the battery did not finish within " +
                                 std::to_string(battery_time_limit_seconds) + " s (a step that never returns?)");
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    throw isolated_battery_error(where + ": the stepper crashed (signal " + std::to_string(signal) + ", " +
                                 strsignal(signal) + ") during the battery");
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  nlohmann::json parsed;
  if (code == child_judged || code == child_refused) parsed = nlohmann::json::parse(reply, nullptr, false);
  if (code == child_judged && parsed.contains("battery")) return parsed["battery"];
  if (code == child_refused && parsed.contains("refused"))
    throw isolated_battery_error(parsed["refused"].get<std::string>());
  throw isolated_battery_error(where + ": the battery's process ended with status " + std::to_string(code) +
                               " (the library exited on its own)");
}

}  // namespace orderly
