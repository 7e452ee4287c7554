/* hello: reads stdin line by line, writes one line to stdout. WASI preview 1 command. */
#include <stdio.h>

int main(void) {
	char line[256];
	int n = 0;
	while (fgets(line, sizeof line, stdin) != NULL)
		n++;
	printf("hello, %d lines\n", n);
	return 0;
}
