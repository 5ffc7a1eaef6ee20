/* A library that starts a worker thread when it is loaded and never stops it: the thread runs the
 * library's code for as long as the process lives, so unloading the library pulls the code from
 * under it. */
#include "honest_step.h"

#include <pthread.h>
#include <unistd.h>

static void* worker(void* unused) {
  (void)unused;
  for (;;) usleep(1000);
  return NULL;
}

__attribute__((constructor)) static void start_worker(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
}

HONEST_STEPPER(midpoint_step, "keeps a worker thread");
