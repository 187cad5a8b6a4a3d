// A libstdc++-heavy unit of the kind the image compiles (asm.asan.cxx):
// <regex>, streams, the containers, threads and <filesystem> instantiated,
// so that its assembly carries thousands of long mangled names, many
// sections (COMDAT groups), .set aliases and loops.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace {
template <typename K, typename V>
std::map<K, V> tally(const std::vector<K> &keys, V step) {
  std::map<K, V> m;
  for (const auto &k : keys) m[k] += step;
  return m;
}
}  // namespace

struct Base {
  virtual ~Base() = default;
  virtual std::string name() const { return "base"; }
};
struct Derived : Base {
  Derived() {}   // C1/C2 constructors: gcc writes one and `.set` the other
  ~Derived() override {}
  std::string name() const override { return "derived"; }
};

int main(int argc, char **argv) {
  std::vector<std::string> words;
  std::string text = argc > 1 ? argv[1] : "the quick brown fox jumps over the lazy dog 42 times";
  std::regex word_re("[a-z]+|[0-9]+");
  for (std::sregex_iterator it(text.begin(), text.end(), word_re), end; it != end; ++it)
    words.push_back(it->str());
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::unordered_map<std::string, std::size_t> lengths;
  for (const auto &w : words) lengths.emplace(w, w.size());
  auto counts = tally<std::string, long>(words, 2);
  auto numbers = tally<int, double>({3, 1, 4, 1, 5, 9, 2, 6}, 0.5);
  std::ostringstream out;
  long total = 0;
  std::thread t([&] {
    for (const auto &kv : counts) total += kv.second;
  });
  t.join();
  std::filesystem::path p = std::filesystem::temp_directory_path() / "softticks" / "cxx_unit";
  out << p.filename().string() << ' ' << words.size() << ' ' << lengths.size() << ' ' << total
      << ' ' << numbers.size() << ' ' << std::regex_replace(text, std::regex("o"), "0");
  Derived d;
  Base &b = d;
  std::cout << out.str() << ' ' << b.name() << '\n';
  return 0;
}
