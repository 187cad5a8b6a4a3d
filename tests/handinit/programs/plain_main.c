/* An ordinary program, for the plugin's own initializer and note. */
int plain_unit_work(int argc);

int main(int argc, char **argv) {
  (void)argv;
  return plain_unit_work(argc);
}
