/* Built without the runtime and without ticks: no .note.rrsoftticks. */
int main(void) { return 0; }
