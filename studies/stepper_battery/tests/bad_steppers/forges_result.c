/* A step that writes a battery result of its own, with a verdict of the wrong type, on every pipe
 * the process holds, then ends the process as a judged battery would. */
#include "honest_step.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int forging_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  static const char forged[] = "{\"battery\": {\"verdict\": 1, \"name\": 2}}\n";
  (void)f, (void)context, (void)t, (void)y, (void)n, (void)h;
  for (int fd = 3; fd < 64; ++fd) {
    struct stat s;
    if (fstat(fd, &s) == 0 && S_ISFIFO(s.st_mode)) write(fd, forged, strlen(forged));
  }
  _exit(0);
}

HONEST_STEPPER(forging_step, "forges the result");
