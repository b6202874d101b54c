/* File names given relative to the working directory, made absolute once:
 * a program may change directory between reading a file at start and
 * writing it at exit, and the name must still mean the same file.
 */
#ifndef ESCHED_SCHEDULER_PATH_H
#define ESCHED_SCHEDULER_PATH_H

/* A new string: path itself when it starts with '/', else the working
 * directory, '/', and path without its leading "./"s. Nothing is
 * resolved further (no symbolic links, no "..": the file need not exist).
 * NULL when memory runs out or the working directory has no name
 * (removed, or longer than getcwd allows). The caller frees it. */
char *es_path_absolute(const char *path);

#endif
