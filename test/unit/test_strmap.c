/* EsStrMap against a plain list of pairs: random keys of every length
 * around the 7 bytes a slot holds itself (the empty key, keys that differ
 * only past the 8th byte or only in their last byte, bytes above 127),
 * values replaced, maps grown from empty; a short key is copied (its
 * buffer may change after the put), a longer one borrowed. Keys whose
 * hashes a slot cannot tell apart are told apart by their text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/rng.h"
#include "scheduler/base/strmap.h"
#include "test.h"

enum { MAPS = 300, KEYS = 400, LEN = 20 };

typedef struct Pair {
  char key[LEN + 1];
  int val;
} Pair;

static int naive_get(const Pair *pairs, int n, const char *key) {
  for (int i = 0; i < n; i++)
    if (!strcmp(pairs[i].key, key))
      return pairs[i].val;
  return -1;
}

/* Keys from a small alphabet and a common prefix, so that many collide
 * in all but a byte. */
static void random_key(EsRng *r, char *key) {
  static const char alphabet[] = {'a', 'b', 't', '1', (char)0xc3};
  int n = (int)es_rng_range(r, 0, LEN);
  for (int i = 0; i < n; i++)
    key[i] = i < n - 2 && es_rng_uniform(r) < 0.5 ? 't' : alphabet[es_rng_range(r, 0, 4)];
  key[n] = '\0';
}

int main(void) {
  EsRng r;
  es_rng_seed(&r, 2024);
  static Pair pairs[KEYS];
  for (int m = 0; m < MAPS && test_failures < 20; m++) {
    EsStrMap map = {0};
    int n = 0;
    for (int k = 0; k < KEYS; k++) {
      char key[LEN + 1];
      random_key(&r, key);
      int val = (int)es_rng_range(&r, 0, 1000000);
      int i = 0;
      while (i < n && strcmp(pairs[i].key, key))
        i++;
      if (i == n)
        memcpy(pairs[n++].key, key, sizeof key);
      pairs[i].val = val;
      /* the map borrows pairs[i].key when long; key itself is reused */
      ASSERT_EQ(es_strmap_put(&map, strlen(key) < 8 ? key : pairs[i].key, val), 0);
      memset(key, 'x', sizeof key - 1);
      ASSERT_EQ((int)map.len, n);
    }
    for (int k = 0; k < 2 * KEYS; k++) {
      char key[LEN + 1];
      random_key(&r, key);
      if (es_strmap_get(&map, key) != naive_get(pairs, n, key)) {
        ASSERT_EQ(es_strmap_get(&map, key), naive_get(pairs, n, key));
        fprintf(stderr, "  map %d, key '%s'\n", m, key);
      }
    }
    for (int i = 0; i < n; i++)
      ASSERT_EQ(es_strmap_get(&map, pairs[i].key), pairs[i].val);
    es_strmap_free(&map);
  }
  /* Pairs whose FNV-1a hashes agree in the 30 bits a slot keeps (found by
   * search): short keys, in the slot, and longer ones, borrowed. */
  static const char *const same_tag[][2] = {{"t7474", "t102980"},
                                            {"t7475", "t102981"},
                                            {"long-key-25373", "long-key-346810"},
                                            {"long-key-25372", "long-key-346811"}};
  EsStrMap map = {0};
  for (int i = 0; i < 4; i++) {
    ASSERT_EQ(es_strmap_put(&map, same_tag[i][0], 2 * i), 0);
    ASSERT_EQ(es_strmap_put(&map, same_tag[i][1], 2 * i + 1), 0);
  }
  ASSERT_EQ((int)map.len, 8);
  for (int i = 0; i < 4; i++) {
    ASSERT_EQ(es_strmap_get(&map, same_tag[i][0]), 2 * i);
    ASSERT_EQ(es_strmap_get(&map, same_tag[i][1]), 2 * i + 1);
  }
  es_strmap_free(&map);
  return test_summary();
}
