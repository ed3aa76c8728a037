/* cm_seed.c — .pyc files to fuzz_codemodel seeds.
 *
 *   cm_seed OUTDIR FILE.pyc ...
 *
 * Each file's code object (the module, or whatever code the .pyc holds) is
 * written in the format of codemodel.h as OUTDIR/<basename>.cm; files whose
 * model does not fit the format (a field too long) are skipped.  Prints how
 * many were written. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codemodel.h"
#include "pyc.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: cm_seed OUTDIR FILE.pyc ...\n");
        return 2;
    }
    int written = 0;
    for (int i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL)
            continue;
        static uint8_t data[1 << 22];
        size_t len = fread(data, 1, sizeof data, f);
        fclose(f);
        dp_error err;
        dp_error_init(&err);
        dp_arena *arena = dp_arena_new(0, &err);
        dp_pyc pyc;
        uint8_t *out;
        size_t out_len;
        if (arena != NULL && dp_pyc_read(data, len, arena, &err, &pyc) == 0 &&
            cm_encode(pyc.module, &out, &out_len) == 0) {
            const char *base = strrchr(argv[i], '/');
            base = base ? base + 1 : argv[i];
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.cm", argv[1], base);
            FILE *o = fopen(path, "wb");
            if (o != NULL) {
                fwrite(out, 1, out_len, o);
                fclose(o);
                written++;
            }
            free(out);
        }
        dp_arena_free(arena);
    }
    printf("cm_seed: %d seeds written to %s\n", written, argv[1]);
    return 0;
}
