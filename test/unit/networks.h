/* Networks typed in for the sum-product tests: the published tables of
 * asia (Lauritzen and Spiegelhalter 1988) and cancer (Korb and Nicholson,
 * Bayesian Artificial Intelligence, 2010), as the bnlearn repository gives
 * them in BIF. Facts, so the tests need no data files. */
#ifndef ESCHED_TEST_NETWORKS_H
#define ESCHED_TEST_NETWORKS_H

static const char asia_bif[] =
    "network unknown {\n}\n"
    "variable asia {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable tub {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable smoke {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable lung {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable bronc {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable either {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable xray {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "variable dysp {\n  type discrete [ 2 ] { yes, no };\n}\n"
    "probability ( asia ) {\n  table 0.01, 0.99;\n}\n"
    "probability ( tub | asia ) {\n  (yes) 0.05, 0.95;\n  (no) 0.01, 0.99;\n}\n"
    "probability ( smoke ) {\n  table 0.5, 0.5;\n}\n"
    "probability ( lung | smoke ) {\n  (yes) 0.1, 0.9;\n  (no) 0.01, 0.99;\n}\n"
    "probability ( bronc | smoke ) {\n  (yes) 0.6, 0.4;\n  (no) 0.3, 0.7;\n}\n"
    "probability ( either | lung, tub ) {\n  (yes, yes) 1.0, 0.0;\n  (no, yes) 1.0, 0.0;\n"
    "  (yes, no) 1.0, 0.0;\n  (no, no) 0.0, 1.0;\n}\n"
    "probability ( xray | either ) {\n  (yes) 0.98, 0.02;\n  (no) 0.05, 0.95;\n}\n"
    "probability ( dysp | bronc, either ) {\n  (yes, yes) 0.9, 0.1;\n  (no, yes) 0.7, 0.3;\n"
    "  (yes, no) 0.8, 0.2;\n  (no, no) 0.1, 0.9;\n}\n";

static const char cancer_bif[] =
    "network unknown {\n}\n"
    "variable Pollution {\n  type discrete [ 2 ] { low, high };\n}\n"
    "variable Smoker {\n  type discrete [ 2 ] { True, False };\n}\n"
    "variable Cancer {\n  type discrete [ 2 ] { True, False };\n}\n"
    "variable Xray {\n  type discrete [ 2 ] { positive, negative };\n}\n"
    "variable Dyspnoea {\n  type discrete [ 2 ] { True, False };\n}\n"
    "probability ( Pollution ) {\n  table 0.9, 0.1;\n}\n"
    "probability ( Smoker ) {\n  table 0.3, 0.7;\n}\n"
    "probability ( Cancer | Pollution, Smoker ) {\n  (low, True) 0.03, 0.97;\n"
    "  (high, True) 0.05, 0.95;\n  (low, False) 0.001, 0.999;\n  (high, False) 0.02, 0.98;\n}\n"
    "probability ( Xray | Cancer ) {\n  (True) 0.9, 0.1;\n  (False) 0.2, 0.8;\n}\n"
    "probability ( Dyspnoea | Cancer ) {\n  (True) 0.65, 0.35;\n  (False) 0.3, 0.7;\n}\n";

#endif
