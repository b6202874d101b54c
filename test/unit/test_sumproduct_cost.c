/* Costs of sum-product trees (sumproduct.h): the GPU models' formula on a
 * hand-computed case, the CPU model fit recovering known coefficients, the
 * Table 1 statistics, the task graph's nodes and bytes, and the measuring
 * harness (that it runs, not how fast). */
#include <stdlib.h>
#include <string.h>

#include "networks.h"
#include "scheduler/sumproduct/sumproduct.h"
#include "test.h"

static void test_gpu_models(void) {
  const EsSpGpuModel *g = es_sp_gpu_model("gtx285"), *h = es_sp_gpu_model("h100");
  ASSERT_TRUE(g && h && !es_sp_gpu_model("gtx280"));
  if (!g || !h)
    return;
  EsSpShape s = {1e6, 5e5, 3, 1e6};
  /* memory: 8 B * 1.5e6 / (159e9 B/s * 0.6) = 125.79 us > arithmetic 67.8 us */
  ASSERT_NEAR(es_sp_gpu_predict(g, s), 150e-6 + 1.2e7 / 95.4e9, 1e-12);
  /* a task of nothing costs the launch */
  ASSERT_NEAR(es_sp_gpu_predict(h, (EsSpShape){1, 1, 1, 1}), 10e-6, 1e-6);
  /* arithmetic-bound: 64 inputs over a small output */
  EsSpShape wide = {1e8, 10, 64, 1e3};
  ASSERT_NEAR(es_sp_gpu_predict(g, wide), 150e-6 + 6.4e9 / 44.25e9, 1e-12);
  int k = 0;
  for (const EsSpGpuModel *m = es_sp_gpu_models(); m->name; m++)
    k++;
  ASSERT_EQ(k, 2);
}

static void test_fit(void) {
  EsSpCpuModel truth = {{2e-7, 1e-10, 5e-9}, "truth"}, fit;
  EsSpShape shapes[40];
  double t[40], rms = -1;
  for (int j = 0; j < 40; j++) {
    shapes[j] =
        (EsSpShape){(double)(1 << (j % 20)) * (1 + j % 3), (double)(1 << (j % 20)), 1 + j % 5, 0};
    t[j] = es_sp_cpu_predict(&truth, shapes[j]);
  }
  ASSERT_EQ(es_sp_cpu_fit(shapes, t, 40, &fit, &rms, NULL), ES_OK);
  for (int c = 0; c < 3; c++)
    ASSERT_NEAR(fit.c[c], truth.c[c], 1e-6 * truth.c[c]);
  ASSERT_TRUE(rms < 1e-9);
  ASSERT_EQ(es_sp_cpu_fit(shapes, t, 2, &fit, NULL, NULL), ES_EINVAL);
  EsSpCpuModel d = es_sp_cpu_default();
  ASSERT_TRUE(d.c[0] > 0 && d.c[1] > 0 && d.source != NULL);
}

static EsElimTree *asia_tree(EsNetwork **net) {
  EsNetwork *n = NULL;
  EsElimTree *t = NULL;
  int order[8], m;
  EsElimOrderOptions o = {ES_ELIM_MIN_FILL, 1, 0};
  ASSERT_EQ(es_network_read_bif_buffer(asia_bif, strlen(asia_bif), "asia.bif", &n, NULL), ES_OK);
  if (!n)
    return NULL;
  n->vars[es_network_find_var(n, "xray")].observed = 0;
  ASSERT_EQ(es_elim_order(n, &o, order, &m, NULL), ES_OK);
  ASSERT_EQ(es_elim_tree_build(n, order, m, &t, NULL), ES_OK);
  *net = n;
  return t;
}

static void test_stats_and_graph(void) {
  EsNetwork *n = NULL;
  EsElimTree *t = asia_tree(&n);
  if (!t)
    return;
  ASSERT_EQ(t->ntasks, 7);
  double cpu[7], gpu[7];
  for (int i = 0; i < 7; i++)
    cpu[i] = 1e-3 * (i + 1), gpu[i] = 2e-3;
  EsSpStats s;
  es_sp_stats(t, cpu, gpu, &s);
  ASSERT_EQ(s.tasks, 7);
  ASSERT_EQ(s.width, t->width);
  ASSERT_NEAR(s.cpu[0], 1e-3, 1e-12);
  ASSERT_NEAR(s.cpu[1], 4e-3, 1e-12);
  ASSERT_NEAR(s.cpu[2], 7e-3, 1e-12);
  ASSERT_NEAR(s.speedup[0], 0.5, 1e-12);
  ASSERT_NEAR(s.speedup[2], 3.5, 1e-12);
  EsGraph *g = es_sp_graph(t, "asia", cpu, gpu);
  ASSERT_TRUE(g != NULL);
  if (g) {
    /* 7 eliminations, 8 input factors (the reduced xray CPT has one
     * variable left, so none is a constant), the result */
    ASSERT_EQ(g->ntasks, 7 + 8 + 1);
    ASSERT_EQ(g->nedges, 6 + 8 + 1);
    int in_xray = es_graph_find_task(g, "in_cpt_xray"), result = es_graph_find_task(g, "result");
    ASSERT_TRUE(in_xray >= 7 && result == 15);
    ASSERT_EQ(g->tasks[in_xray].kind, ES_TASK_INPUT);
    ASSERT_EQ(g->tasks[in_xray].pin, es_graph_find_device(g, "cpu"));
    ASSERT_EQ(g->tasks[result].kind, ES_TASK_HOST);
    for (int e = 0; e < g->nedges; e++)
      if (g->edges[e].from == in_xray)
        ASSERT_NEAR(g->edges[e].bytes, 16, 0); /* xray's reduced CPT: 2 entries */
    ASSERT_EQ(g->tasks[0].time_len, 2);
  }
  es_graph_free(g);
  double sec = -1;
  ASSERT_EQ(es_sp_measure(t, 0, 1e-5, 1e9, &sec, NULL), ES_OK);
  ASSERT_TRUE(sec > 0);
  ASSERT_EQ(es_sp_measure(t, 0, 1e-5, 1, &sec, NULL), ES_ELIMIT);
  es_elim_tree_free(t);
  es_network_free(n);
}

int main(void) {
  test_gpu_models();
  test_fit();
  test_stats_and_graph();
  return test_summary();
}
