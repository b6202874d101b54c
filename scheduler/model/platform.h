/* The machine: devices with DVFS levels and idle power, and the links that
 * move data between their memories. Read from a platform file or taken from a
 * built-in preset (es_platform_preset).
 *
 * A platform may describe several nodes (machines of a cluster), each with
 * its devices and links, and the network between them: a node's device is
 * named NODE/DEVICE, so every scheduler sees one flat list of devices, and
 * es_platform_connect_nodes joins devices of different nodes by links that
 * compose the path: the source's link to its node's host, the network, the
 * host's link to the destination (docs/formats.md, "Nodes"). */
#ifndef ESCHED_SCHEDULER_PLATFORM_H
#define ESCHED_SCHEDULER_PLATFORM_H

#include <stdbool.h>

#include "scheduler/base/arena.h"
#include "scheduler/base/error.h"
#include "scheduler/model/graph.h"

/* One DVFS level (P-state). Levels of a device are ordered fastest first, so
 * level 0 is the highest frequency. voltage is 0 when unknown. */
typedef struct EsLevel {
  double freq;  /* Hz */
  double power; /* W while busy at this level */
  double voltage;
} EsLevel;

/* Which figures of a device or link are estimates rather than measured or
 * read (`estimated: [power, idle_power]` in platform files): esched
 * platform --detect takes what it cannot read from a table by device kind
 * (docs/formats.md, "Detected platforms"). Bits of EsDevice.estimated and
 * EsLink.estimated. */
typedef enum EsEstimated {
  ES_EST_FREQ = 1,       /* devices: the levels' frequencies */
  ES_EST_POWER = 2,      /* devices: the levels' powers; links: the power */
  ES_EST_IDLE_POWER = 4, /* devices */
  ES_EST_BANDWIDTH = 8,  /* links */
  ES_EST_LATENCY = 16,   /* links */
} EsEstimated;

/* The name of each EsEstimated bit as platform files spell it, in bit
 * order; NULL-terminated. */
extern const char *const es_estimated_names[];

typedef struct EsDevice {
  const char *name;  /* NODE/LOCAL on a platform with nodes, else LOCAL */
  const char *local; /* the name within its node: what task variants name */
  int node;          /* index into EsPlatform.nodes, -1 on a platform without nodes */
  const char *kind;  /* "cpu" (the host), "gpu", "opencl", "cuda", ... (free text) */
  EsLevel *levels;
  int nlevels;
  double idle_power;  /* W while idle */
  unsigned estimated; /* EsEstimated bits */
  /* Bytes of task data the device's memory holds at once (the YAML key
   * `memory`); INFINITY when unbounded (the default). The scheduler keeps
   * the peak of data resident there within it (scheduler/model/memory.h);
   * the runtime evicts to stay within it. */
  double memory;
  EsMark mark;
} EsDevice;

/* A link moves bytes from one device's memory to another's. */
typedef struct EsLink {
  int from, to;
  double bandwidth;   /* bytes per second */
  double latency;     /* seconds per transfer */
  double power;       /* W while transferring */
  unsigned estimated; /* EsEstimated bits */
  EsMark mark;
  bool network; /* joins devices of two nodes (es_platform_connect_nodes) */
} EsLink;

/* The network from one node to another (one direction). */
typedef struct EsNetLink {
  int from, to; /* node indexes */
  double bandwidth, latency, power;
  EsMark mark;
} EsNetLink;

typedef struct EsPlatform {
  const char *name;
  const char *file; /* where it was read from; NULL for presets */
  EsDevice *devices;
  int ndevices, devices_cap;
  EsLink *links;
  int nlinks, links_cap;
  const char **nodes; /* node names; none on a single machine */
  int nnodes, nodes_cap;
  EsNetLink *network;
  int nnetwork, network_cap;
  EsArena arena;
} EsPlatform;

EsPlatform *es_platform_new(const char *name);
void es_platform_free(EsPlatform *p);

/* Adds a device with its levels (copied, fastest first) and unbounded
 * memory, and returns its index, or -1 when out of memory. */
int es_platform_add_device(EsPlatform *p, const char *name, const char *kind, const EsLevel *levels,
                           int nlevels, double idle_power);
/* Adds a node and returns its index, or -1 when out of memory. */
int es_platform_add_node(EsPlatform *p, const char *name);
/* Adds device `local` of node `node` (named NODE/LOCAL), as
 * es_platform_add_device does. */
int es_platform_add_node_device(EsPlatform *p, int node, const char *local, const char *kind,
                                const EsLevel *levels, int nlevels, double idle_power);
/* Adds a link; with both_ways, also the reverse one. */
int es_platform_add_link(EsPlatform *p, int from, int to, double bandwidth, double latency,
                         double power, int both_ways);
/* Adds the network from node `from` to node `to`; with both_ways, also back. */
int es_platform_add_network(EsPlatform *p, int from, int to, double bandwidth, double latency,
                            double power, int both_ways);
/* Joins every pair of devices on different nodes by a link composing the
 * path through both nodes' hosts and the network (times per byte, latencies
 * and energies per byte add up), flagged `network`. Pairs without such a
 * path get no link. Call once, after every device, link and network entry.
 * Returns 0 or ES_ENOMEM. */
int es_platform_connect_nodes(EsPlatform *p);
/* The device named name; failing that, the first device whose local name it
 * is (on a platform with nodes: that device of the first node that has
 * one). -1 when none. */
int es_platform_find_device(const EsPlatform *p, const char *name);
/* The host of a node: its first device of kind cpu (else its first), or -1. */
int es_platform_node_host(const EsPlatform *p, int node);
/* The direct link from -> to, or NULL. */
const EsLink *es_platform_link(const EsPlatform *p, int from, int to);

/* Checks the platform's numbers (positive frequencies, bandwidths and
 * memory sizes, non-negative powers, levels fastest first, at most one link
 * per pair).
 * Errors point at the device or link. */
int es_platform_validate(const EsPlatform *p, EsError *err);

/* A built-in platform by name (see es_platform_preset_names), or NULL. */
EsPlatform *es_platform_preset(const char *name);
/* NULL-terminated list of preset names. */
const char *const *es_platform_preset_names(void);
/* One line describing a preset, for --help and docs. */
const char *es_platform_preset_summary(const char *name);

#endif
