// GCC's runtime libraries' smoke check (image-runtime.sh,
// build-and-test.sh): run with Debian's libstdc++, libgcc_s, libgomp and
// libatomic and with the rebuilt ones, its output must be the same.
// Exercises iostreams and a locale facet, std::regex, exceptions thrown
// through frames with destructors (libgcc_s's unwinder, the personality
// routine, __cxa_* of libstdc++), std::thread and a std::function, an
// OpenMP reduction (libgomp) and a 16-byte atomic (libatomic: GCC calls
// it for every atomic wider than 8 bytes), and checks its own answers:
// exit status 1 on a wrong one.  Built with -fopenmp and -latomic.
#include <atomic>
#include <cstdio>
#include <functional>
#include <iomanip>
#include <iostream>
#include <locale>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {
int failures = 0;
void expect(bool ok, const std::string &what) {
  std::cout << (ok ? "ok   " : "FAIL ") << what << '\n';
  failures += !ok;
}

struct grouping : std::numpunct<char> {
  char do_thousands_sep() const override { return '\''; }
  std::string do_grouping() const override { return "\3"; }
};

struct wide {
  long count, sum;
};

struct counted {
  int *n;
  ~counted() { ++*n; }
};

int unwind(int depth, int *destroyed) {
  counted c{destroyed};
  if (depth == 0) throw std::runtime_error("depth " + std::to_string(*destroyed));
  return unwind(depth - 1, destroyed) + 1;
}
}  // namespace

int main() {
  // iostreams with a facet, and back.
  std::ostringstream out;
  out.imbue(std::locale(std::locale::classic(), new grouping));
  long sum = 0;
  for (int i = 0; i < 2000; i++) {
    out << std::setw(12) << i * 1234567L << ' ' << std::fixed << std::setprecision(3) << i / 7.0 << '\n';
    sum += i * 1234567L;
  }
  expect(out.str().find("2'466'664'866 285.429") != std::string::npos, "numpunct grouping and fixed formatting");
  std::istringstream in(out.str());
  in.imbue(out.getloc());
  long value, read_sum = 0;
  double d;
  while (in >> value >> d) read_sum += value;
  expect(read_sum == sum, "istringstream reads back the grouped numbers: " + std::to_string(read_sum));

  // std::regex.
  std::regex re(R"((\w+)@(\w+)\.(com|org))");
  std::string text;
  for (int i = 0; i < 300; i++) text += "user" + std::to_string(i) + (i % 3 ? "@example.org " : "@host.net ");
  int matches = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) matches++;
  expect(matches == 200, "regex matches: " + std::to_string(matches));
  expect(std::regex_replace(std::string("a1b22c333"), std::regex("[0-9]+"), "#") == "a#b#c#", "regex_replace");

  // Exceptions through destructors, and the library's own throws.
  int destroyed = 0, caught = 0;
  for (int i = 0; i < 500; i++) {
    try {
      unwind(i % 25, &destroyed);
    } catch (const std::runtime_error &e) {
      caught++;
    }
  }
  expect(caught == 500 && destroyed == 500 * 13, "exceptions through destructors: " + std::to_string(caught) +
                                                     " caught, " + std::to_string(destroyed) + " destroyed");
  try {
    std::vector<int>().at(1);
    expect(false, "vector::at throws");
  } catch (const std::out_of_range &) {
    expect(true, "vector::at throws out_of_range");
  }
  try {
    std::stoi("not a number");
    expect(false, "stoi throws");
  } catch (const std::invalid_argument &) {
    expect(true, "stoi throws invalid_argument");
  }

  // A thread and a std::function; an exception inside the thread.
  std::map<int, int> squares;
  std::function<void()> work = [&] {
    for (int i = 0; i < 100; i++) squares[i] = i * i;
    try {
      throw 42;
    } catch (int v) {
      squares[-1] = v;
    }
  };
  std::thread t(work);
  t.join();
  expect(squares.size() == 101 && squares[99] == 9801 && squares[-1] == 42, "thread, map, exception in a thread");

  // OpenMP: a reduction on 4 threads of libgomp's pool.
  long omp_sum = 0;
#pragma omp parallel for num_threads(4) reduction(+ : omp_sum)
  for (long i = 1; i <= 100000; i++) omp_sum += i;
  expect(omp_sum == 5000050000L, "OpenMP reduction on 4 threads: " + std::to_string(omp_sum));

  // A 16-byte atomic updated by 4 threads: libatomic's compare-exchange.
  std::atomic<wide> pair{wide{0, 0}};
  std::vector<std::thread> adders;
  for (int t = 0; t < 4; t++)
    adders.emplace_back([&pair, t] {
      for (long i = 0; i < 1000; i++) {
        wide old = pair.load(), next;
        do next = wide{old.count + 1, old.sum + t * 1000 + i};
        while (!pair.compare_exchange_weak(old, next));
      }
    });
  for (auto &a : adders) a.join();
  wide last = pair.load();
  expect(last.count == 4000 && last.sum == 4 * 499500L + 1000L * 1000 * 6,
         "16-byte atomic from 4 threads: " + std::to_string(last.count) + " " + std::to_string(last.sum));

  std::cout << (failures ? "FAILED: " : "all passed: ") << failures << " failures\n";
  return failures ? 1 : 0;
}
