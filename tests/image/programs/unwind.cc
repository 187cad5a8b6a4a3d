// The image's C++ links: with_guard's cleanup ends in a call to
// _Unwind_Resume, which g++ links from libgcc_s only when the driver's
// link specs are intact (docker/toolchain/make-default.sh).
#include <cstdio>
#include <stdexcept>

struct Guard {
    ~Guard() { std::puts("guard released"); }
};

__attribute__((noinline)) void may_throw(int n)
{
    if (n > 0)
        throw std::runtime_error("thrown");
}

__attribute__((noinline)) static void with_guard(int n)
{
    Guard guard;
    may_throw(n);
}

int main(int argc, char **)
{
    try {
        with_guard(argc);
    } catch (const std::exception &e) {
        std::printf("caught: %s\n", e.what());
    }
    return 0;
}
