/* A step that closes every file descriptor from 3 up on its first call. */
#include "honest_step.h"

#include <unistd.h>

static int closing_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  static int closed = 0;
  if (!closed) {
    closed = 1;
    for (int fd = 3; fd < 1024; ++fd) close(fd);
  }
  return midpoint_step(f, context, t, y, n, h);
}

HONEST_STEPPER(closing_step, "closes descriptors");
