/* A stepper whose step dereferences NULL: the battery's child process dies of SIGSEGV and orderly
 * reports it as one line, exit 2. */
#include <orderly/stepper.h>

#include <stddef.h>

static int crashing_step(orderly_rhs f, void* context, double t, double* y, size_t n, double h) {
  (void)f, (void)context, (void)t, (void)h;
  double* volatile nowhere = NULL; /* volatile: the compiler must load through it, not reason it away */
  /* cppcheck-suppress nullPointer ; the crash is this library's purpose */
  for (size_t i = 0; i < n; ++i) y[i] = *nowhere;
  return 0;
}

ORDERLY_STEPPER_EXPORT const orderly_stepper_info orderly_stepper = {
    .abi_version = ORDERLY_STEPPER_ABI_VERSION, .step = crashing_step, .name = "null dereference", .declared_order = 1};
