/* A library built against version 1 of orderly/stepper.h: its struct ends after closest_method,
 * so a reader of version 2's fields would read past it. Declared here as version 1 laid it out
 * (the header now has version 2's layout), with the explicit midpoint rule of honest_step.h. */
#include "../bad_steppers/honest_step.h" /* midpoint_step */

typedef struct {
  int abi_version;
  orderly_step step;
  const char* name;
  int declared_order;
  int separable;
  const char* closest_method;
} version_one_info;

/* Followed in memory by a non-zero word, where version 2's step_with_error would be. */
ORDERLY_STEPPER_VISIBLE const struct {
  version_one_info info;
  const char* after;
} orderly_stepper = {{1, midpoint_step, "midpoint, version 1", 2, 0, "midpoint"}, "not a function"};
