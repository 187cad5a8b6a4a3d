// A C++ program with its own malloc (bump_malloc.h): libstdc++'s
// initializer calls it before the program's .init_array has run.
#include "bump_malloc.h"

#include <iostream>
#include <string>
#include <vector>

int main() {
  std::vector<std::string> words;
  for (int i = 0; i < 3; i++) words.push_back("word" + std::to_string(i));
  std::cout << words.size() << " " << words.back() << " " << (bump_calls > 0) << "\n";
  return 0;
}
