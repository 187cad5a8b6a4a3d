/* rr's preload (syscallbuf.c, do_breakpoint) names the instruction that
 * faults with a global label in the middle of an asm statement, takes its
 * address in C, and rr compares it with the ip of the fault while
 * replaying.  Here the program compares them itself: the SIGSEGV handler
 * must see the ip at the label.  An instrumenter that puts a tick between
 * the label and its instruction moves the fault past the label. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

extern char fault_marker_addr;
static volatile unsigned long fault_ip;

static void on_segv(int sig, siginfo_t *info, void *context) {
  ucontext_t *uc = context;
  (void)sig;
  (void)info;
  fault_ip = (unsigned long)uc->uc_mcontext.gregs[REG_RIP];
  /* Skip the faulting `mov (%rsi),%rsi` (3 bytes). */
  uc->uc_mcontext.gregs[REG_RIP] += 3;
}

static __attribute__((noinline)) void fault_at_marker(unsigned long value) {
  char *bad = (char *)-16;
  char **good = &bad;
  unsigned long match = value;
  __asm__ __volatile__("cmp %0,%1\n\t"
                       "cmove %3,%2\n\t"
                       "fault_marker_addr:\n\t"
                       ".global fault_marker_addr\n\t"
                       "mov (%2),%2\n\t"
                       : "+a"(value), "+D"(match), "+S"(good), "+c"(bad)
                       :
                       : "cc", "memory");
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, NULL);
  fault_at_marker(7);
  if (fault_ip != (unsigned long)&fault_marker_addr) {
    printf("the fault came at %#lx, the label is at %p\n", fault_ip, (void *)&fault_marker_addr);
    return 1;
  }
  puts("EXIT-SUCCESS");
  return 0;
}
