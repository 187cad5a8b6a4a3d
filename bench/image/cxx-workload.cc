// The C++ workload of measure-untracked.sh: what a C++ program spends in
// the C++ runtime (libstdc++, libgcc_s's unwinder).  Formats records with
// iostreams through a locale with its own numpunct facet (grouping) and
// std::put_time, reads them back with istringstream, matches them with
// std::regex, and rejects a part of them by throwing (every throw is an
// unwind through libgcc_s).  Prints a checksum, the same on every run.
//   cxx-workload [RECORDS]   (default 20000)
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <locale>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Thousands grouped by 3 with '\'' and a ',' decimal point.
struct grouping : std::numpunct<char> {
  char do_thousands_sep() const override { return '\''; }
  char do_decimal_point() const override { return ','; }
  std::string do_grouping() const override { return "\3"; }
};

struct bad_record : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string format(const std::locale &loc, unsigned i) {
  std::ostringstream out;
  out.imbue(loc);
  std::tm when{};
  when.tm_year = 100 + i % 30;
  when.tm_mon = i % 12;
  when.tm_mday = 1 + i % 28;
  out << "row-" << std::to_string(i) << " " << std::put_time(&when, "%Y-%m-%d") << " amount=" << std::fixed
      << std::setprecision(2) << (i * 7919.0) / 13 << " hex=" << std::hex << i * 2654435761u
      << std::dec << " name=" << (i % 5 == 0 ? "alpha" : i % 5 == 1 ? "beta" : "gamma");
  return out.str();
}

// The amount, back from its text (grouping and ',' as the locale has
// them); a record whose number ends in 7 is rejected by a throw.
double parse(const std::locale &loc, const std::string &line) {
  auto at = line.find("amount=");
  if (at == std::string::npos) throw bad_record("no amount");
  std::istringstream in(line.substr(at + 7));
  in.imbue(loc);
  double amount;
  if (!(in >> amount)) throw bad_record("unreadable amount");
  if (line.compare(0, 4, "row-") == 0 && line[line.find(' ') - 1] == '7') throw bad_record("ends in 7");
  return amount;
}

}  // namespace

int main(int argc, char **argv) {
  unsigned records = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000;
  std::locale loc(std::locale::classic(), new grouping);
  const std::regex pattern(R"(^row-([0-9]+) ([0-9]{4})-([0-9]{2})-[0-9]{2} .* name=(alpha|gamma)$)");
  std::vector<std::string> lines;
  lines.reserve(records);
  for (unsigned i = 0; i < records; ++i) lines.push_back(format(loc, i));

  unsigned long long checksum = 0;
  unsigned matched = 0, rejected = 0;
  double total = 0;
  for (const auto &line : lines) {
    std::smatch m;
    if (std::regex_search(line, m, pattern)) {
      ++matched;
      checksum = checksum * 31 + std::stoul(m[1].str()) + std::stoul(m[2].str()) * 12 + std::stoul(m[3].str());
    }
    try {
      total += parse(loc, line);
    } catch (const bad_record &e) {
      ++rejected;
      checksum += std::string(e.what()).size();
    }
  }
  std::cout.imbue(loc);
  std::cout << records << " records, " << matched << " matched, " << rejected << " rejected, total "
            << std::fixed << std::setprecision(2) << total << ", checksum " << checksum << "\n";
  return 0;
}
