/* A library's thread-locals, 16 bytes: dlopened with no static TLS left
 * over, they get a dynamic TLS block, which glibc allocates with malloc. */
__thread long cell[2];

long *dynamic_tls_touch(void);

long *dynamic_tls_touch(void) {
  cell[0] = 1;
  return cell;
}
