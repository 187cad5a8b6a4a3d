/* libyaml in the image: parses the YAML document on stdin and prints how
 * many events of each type the parser produced. */
#include <stdio.h>
#include <yaml.h>

int main(void)
{
    yaml_parser_t parser;
    yaml_event_t event;
    unsigned long counts[YAML_MAPPING_END_EVENT + 1] = {0};
    if (!yaml_parser_initialize(&parser))
        return 1;
    yaml_parser_set_input_file(&parser, stdin);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "yaml-events: %s at line %lu\n", parser.problem,
                    (unsigned long)parser.problem_mark.line + 1);
            return 1;
        }
        yaml_event_type_t type = event.type;
        counts[type]++;
        yaml_event_delete(&event);
        if (type == YAML_STREAM_END_EVENT)
            break;
    }
    yaml_parser_delete(&parser);
    for (int t = YAML_STREAM_START_EVENT; t <= YAML_MAPPING_END_EVENT; t++)
        printf("%lu%c", counts[t], t == YAML_MAPPING_END_EVENT ? '\n' : ' ');
    return 0;
}
