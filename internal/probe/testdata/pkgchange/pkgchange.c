// clang --target=wasm32-wasi -O2 -Wl,--strip-debug -o pkgchange.wasm pkgchange.c
// The C probe subject add.c, plus one change in /package at exit (a
// destructor creating /package/done): every run of the module,
// discovery's and each probe's, has the host copy the whole package
// (attack pass 46f, row 1).
#include "../../../subjects/testdata/c/add.c"
#include <fcntl.h>
#include <unistd.h>
__attribute__((destructor)) static void markPackage(void) {
	int fd = open("/package/done", O_CREAT | O_WRONLY, 0644);
	if (fd >= 0) close(fd);
}
