/* esched-cc's help and version text (info.h). */
#include "pass/driver/info.h"

#include "pass/driver/esched_cc_config.h"

void info_help(FILE *f) {
  fputs("Usage: esched-cc [ESCHED OPTIONS] [COMPILER] [COMPILER OPTIONS] FILES...\n"
        "\n"
        "A drop-in C compiler: runs esched on each C source that has esched\n"
        "annotations (#pragma esched ..., ESCHED_TASK(...)), then compiles the\n"
        "scheduled program with COMPILER and links the esched runtime. Files without\n"
        "annotations reach the compiler untouched. Use it as CC=esched-cc, or as a\n"
        "launcher: CMAKE_C_COMPILER_LAUNCHER=esched-cc together with\n"
        "CMAKE_C_LINKER_LAUNCHER=esched-cc (the link needs the runtime).\n"
        "\n"
        "COMPILER is the first argument when it is a program rather than an option\n"
        "or a file; else $ESCHED_CC, else cc.\n"
        "\n"
        "Esched options (before the compiler's):\n"
        "  --variant V              energy (default), time, cpu-only, gpu-only, greedy\n"
        "  --platform NAME|FILE     devices and powers (default: silberstein2011)\n"
        "  --profile FILE           measured task times to schedule from\n"
        "  --profile-generate[=DIR] build a program that writes DIR/esched-profile.yaml\n"
        "  --profile-use=FILE       reschedule from such a profile\n"
        "  --algo A                 crown algorithm of stream regions\n"
        "  --target T               native (default: esched's runtime) or starpu\n"
        "                           (StarPU submissions, libesched_starpu; docs/starpu.md)\n"
        "  --keep-rewritten         keep the rewritten sources and say where\n"
        "  --runtime                link the runtime even when no input names it (a\n"
        "                           library of annotated objects given as -lNAME)\n"
        "  --esched-help            print this help only\n"
        "  --esched-version         print esched-cc's version only\n"
        "\n"
        "Like cc: -c, -S, -E, -M, -MM and -fsyntax-only do not link; -MD/-MMD\n"
        "dependency files name the original sources and the profile and platform\n"
        "files read; -g debug information and __FILE__ name the original sources.\n"
        "\n"
        "Environment:\n"
        "  ESCHED_CC   the compiler when none is given (default cc)\n"
        "  ESCHED      the esched command to run (default: the one beside esched-cc)\n"
        "\n"
        "See docs/install.md and `man esched`.\n",
        f);
}

void info_version(FILE *f) { fprintf(f, "esched-cc (esched) %s\n", ESCHED_CC_VERSION); }
