// tinyxml2 in the image: parses the XML file ARGV[1], sums the attribute
// "v" of every <item>, and prints the sum and the document re-serialized.
#include <cstdio>
#include <tinyxml2.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    tinyxml2::XMLDocument doc;
    if (doc.LoadFile(argv[1]) != tinyxml2::XML_SUCCESS) {
        std::fprintf(stderr, "tinyxml2-walk: %s\n", doc.ErrorStr());
        return 1;
    }
    long sum = 0, items = 0;
    for (const tinyxml2::XMLElement *e = doc.RootElement()->FirstChildElement("item"); e;
         e = e->NextSiblingElement("item")) {
        sum += e->IntAttribute("v");
        items++;
    }
    tinyxml2::XMLPrinter printer;
    doc.Print(&printer);
    std::printf("%ld items, sum %ld\n%s", items, sum, printer.CStr());
    return 0;
}
