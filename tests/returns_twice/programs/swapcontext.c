/* A scheduler without ticks resumes the context that swapcontext saved
 * three times: each resume returns from the same swapcontext call in the
 * same frame, which only a tick after that call separates.
 * Ticks, by hand: main 1 + run 1 + 1 return of getcontext (returns_twice)
 * + 3 returns of swapcontext = 6. */
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

static ucontext_t task, scheduler;
static char scheduler_stack[64 * 1024];

/* Uninstrumented: resumes the saved task (again) each time it starts. */
__attribute__((noinline, section(".text.__rr_softticks_test_sched"))) static void resume_task(void) {
  setcontext(&task);
  abort();
}

__attribute__((noinline)) static int run(int n) {
  volatile int resumes = 0;
  getcontext(&scheduler);
  scheduler.uc_stack.ss_sp = scheduler_stack;
  scheduler.uc_stack.ss_size = sizeof scheduler_stack;
  scheduler.uc_link = NULL;
  makecontext(&scheduler, resume_task, 0);
  swapcontext(&task, &scheduler);
  resumes++;
  if (resumes < n) setcontext(&scheduler); /* restarts resume_task */
  return resumes;
}

int main(void) {
  printf("%d\n", run(3));
  return 0;
}
