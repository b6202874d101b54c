/* Fuzz target: the annotation clause parser (annotations/clause.h), on the
 * text after `#pragma esched`, as the clauses of ESCHED_TASK(...), and the
 * group end the front end looks for. */
#include <stdint.h>

#include "annotations/clause.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  EsAnnotation a;
  es_annotation_parse(text, size, NULL, &a);
  es_annotation_clear(&a);
  es_annotation_parse_clauses(ES_ANNOT_STREAM, text, size, NULL, &a);
  es_annotation_clear(&a);
  for (size_t i = 0; i < size && i < 8; i++)
    if (text[i] == '(')
      es_annotation_group_end(text, size, i);
  return 0;
}
