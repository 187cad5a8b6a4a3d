/* Oniguruma in the image: counts the lines of stdin that match the
 * regular expression ARGV[1] (Ruby syntax) and prints the first match of
 * each of the first five. */
#include <stdio.h>
#include <string.h>
#include <oniguruma.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    OnigEncoding encodings[1] = {ONIG_ENCODING_UTF8};
    onig_initialize(encodings, 1);
    regex_t *re;
    OnigErrorInfo info;
    const UChar *pattern = (const UChar *)argv[1];
    int r = onig_new(&re, pattern, pattern + strlen(argv[1]), ONIG_OPTION_NONE, ONIG_ENCODING_UTF8,
                     ONIG_SYNTAX_RUBY, &info);
    if (r != ONIG_NORMAL) {
        UChar message[ONIG_MAX_ERROR_MESSAGE_LEN];
        onig_error_code_to_str(message, r, &info);
        fprintf(stderr, "onig-search: %s\n", message);
        return 1;
    }
    OnigRegion *region = onig_region_new();
    char line[4096];
    unsigned long lines = 0, matches = 0;
    while (fgets(line, sizeof line, stdin)) {
        const UChar *start = (const UChar *)line, *end = start + strlen(line);
        lines++;
        if (onig_search(re, start, end, start, end, region, ONIG_OPTION_NONE) >= 0) {
            if (++matches <= 5)
                printf("%lu: %.*s\n", lines, region->end[0] - region->beg[0], line + region->beg[0]);
        }
    }
    printf("%lu of %lu lines match\n", matches, lines);
    onig_region_free(region, 1);
    onig_free(re);
    onig_end();
    return 0;
}
