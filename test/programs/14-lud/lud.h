#ifndef LUD_H
#define LUD_H
void lud_row(int n, float a[n][n], int k);
void lud_col(int n, float a[n][n], int k);
void lud_row_gpu(int n, float a[n][n], int k);
void lud_col_gpu(int n, float a[n][n], int k);
#endif
