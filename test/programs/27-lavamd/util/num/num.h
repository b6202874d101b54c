#ifdef __cplusplus
extern "C" {
#endif

int isInteger(char *str);

#ifdef __cplusplus
}
#endif
