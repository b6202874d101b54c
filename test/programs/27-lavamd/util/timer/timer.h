#ifdef __cplusplus
extern "C" {
#endif

long long get_time();

#ifdef __cplusplus
}
#endif
