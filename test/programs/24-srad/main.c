//====================================================================================================100
//	Rodinia 3.1's srad (srad_v1, OpenMP version): speckle reducing anisotropic
//	diffusion of an image read from a PGM file and resized. Its helper files
//	are #included as .c files, as the original does. The two kernels of an
//	iteration are esched tasks; the statistics of the region of interest
//	between them are host code (a reduction over the image the second task
//	wrote), passed by value to the first.
//	Usage: srad NITER LAMBDA NR NC
//====================================================================================================100

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "define.c"
#include "graphics.c"
#include "resize.c"

void srad_deriv(long Nr, long Nc, fp *image, int *iN, int *iS, int *jW, int *jE, fp *dN, fp *dS,
                fp *dW, fp *dE, fp *c, fp q0sqr) {
  int i, j;
  long k;
  fp Jc, G2, L, num, den, qsqr;

#pragma omp parallel for shared(image, dN, dS, dW, dE, c, Nr, Nc, iN, iS, jW,                      \
                                jE) private(i, j, k, Jc, G2, L, num, den, qsqr)
  for (j = 0; j < Nc; j++) {   // do for the range of columns in IMAGE
    for (i = 0; i < Nr; i++) { // do for the range of rows in IMAGE
      // current index/pixel
      k = i + Nr * j; // get position of current element
      Jc = image[k];  // get value of the current element

      // directional derivates (every element of IMAGE)
      dN[k] = image[iN[i] + Nr * j] - Jc; // north direction derivative
      dS[k] = image[iS[i] + Nr * j] - Jc; // south direction derivative
      dW[k] = image[i + Nr * jW[j]] - Jc; // west direction derivative
      dE[k] = image[i + Nr * jE[j]] - Jc; // east direction derivative

      // normalized discrete gradient mag squared (equ 52,53)
      G2 = (dN[k] * dN[k] + dS[k] * dS[k] // gradient (based on derivatives)
            + dW[k] * dW[k] + dE[k] * dE[k]) /
           (Jc * Jc);

      // normalized discrete laplacian (equ 54)
      L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc; // laplacian (based on derivatives)

      // ICOV (equ 31/35)
      num = (0.5 * G2) - ((1.0 / 16.0) * (L * L)); // num (based on gradient and laplacian)
      den = 1 + (.25 * L);                         // den (based on laplacian)
      qsqr = num / (den * den);                    // qsqr (based on num and den)

      // diffusion coefficent (equ 33) (every element of IMAGE)
      den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr)); // den (based on qsqr and q0sqr)
      c[k] = 1.0 / (1.0 + den);                     // diffusion coefficient (based on den)

      // saturate diffusion coefficent to 0-1 range
      if (c[k] < 0) {
        c[k] = 0;
      } else if (c[k] > 1) {
        c[k] = 1;
      }
    }
  }
}

void srad_deriv_gpu(long Nr, long Nc, fp *image, int *iN, int *iS, int *jW, int *jE, fp *dN, fp *dS,
                    fp *dW, fp *dE, fp *c, fp q0sqr) {
  srad_deriv(Nr, Nc, image, iN, iS, jW, jE, dN, dS, dW, dE, c, q0sqr);
}

void srad_update(long Nr, long Nc, fp *image, int *iS, int *jE, fp *dN, fp *dS, fp *dW, fp *dE,
                 fp *c, fp lambda) {
  int i, j;
  long k;
  fp D, cN, cS, cW, cE;

#pragma omp parallel for shared(image, c, Nr, Nc, lambda) private(i, j, k, D, cS, cN, cW, cE)
  for (j = 0; j < Nc; j++) {   // do for the range of columns in IMAGE
    for (i = 0; i < Nr; i++) { // do for the range of rows in IMAGE
      // current index
      k = i + Nr * j; // get position of current element

      // diffusion coefficent
      cN = c[k];              // north diffusion coefficient
      cS = c[iS[i] + Nr * j]; // south diffusion coefficient
      cW = c[k];              // west diffusion coefficient
      cE = c[i + Nr * jE[j]]; // east diffusion coefficient

      // divergence (equ 58)
      D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k]; // divergence

      // image update (equ 61) (every element of IMAGE)
      image[k] =
          image[k] + 0.25 * lambda * D; // updates image (based on input time step and divergence)
    }
  }
}

void srad_update_gpu(long Nr, long Nc, fp *image, int *iS, int *jE, fp *dN, fp *dS, fp *dW, fp *dE,
                     fp *c, fp lambda) {
  srad_update(Nr, Nc, image, iS, jE, dN, dS, dW, dE, c, lambda);
}

int main(int argc, char *argv[]) {
  // inputs image, input paramenters
  fp *image_ori; // originalinput image
  int image_ori_rows;
  int image_ori_cols;
  long image_ori_elem;

  // inputs image, input paramenters
  fp *image;   // input image
  long Nr, Nc; // IMAGE nbr of rows/cols/elements
  long Ne;

  // algorithm parameters
  int niter; // nbr of iterations
  fp lambda; // update step size

  // size of IMAGE
  int r1, r2, c1, c2; // row/col coordinates of uniform ROI
  long NeROI;         // ROI nbr of elements

  // ROI statistics
  fp meanROI, varROI, q0sqr; // local region statistics

  // surrounding pixel indicies
  int *iN, *iS, *jE, *jW;

  // directional derivatives
  fp *dN, *dS, *dW, *dE;

  // calculation variables
  fp tmp, sum, sum2;

  // diffusion coefficient
  fp *c; // diffusion coefficient

  // counters
  int iter;  // primary loop
  long i, j; // image row/col

  if (argc != 5) {
    printf("ERROR: wrong number of arguments\n");
    return 0;
  } else {
    niter = atoi(argv[1]);
    lambda = atof(argv[2]);
    Nr = atoi(argv[3]); // it is 502 in the original image
    Nc = atoi(argv[4]); // it is 458 in the original image
  }

  // read image
  image_ori_rows = 24;
  image_ori_cols = 24;
  image_ori_elem = image_ori_rows * image_ori_cols;

  image_ori = (fp *)malloc(sizeof(fp) * image_ori_elem);

  read_graphics("image.pgm", image_ori, image_ori_rows, image_ori_cols, 1);

  // resize image
  Ne = Nr * Nc;

  image = (fp *)malloc(sizeof(fp) * Ne);

  resize(image_ori, image_ori_rows, image_ori_cols, image, Nr, Nc, 1);

  // setup
  r1 = 0;      // top row index of ROI
  r2 = Nr - 1; // bottom row index of ROI
  c1 = 0;      // left column index of ROI
  c2 = Nc - 1; // right column index of ROI

  // ROI image size
  NeROI = (r2 - r1 + 1) * (c2 - c1 + 1); // number of elements in ROI, ROI size

  // allocate variables for surrounding pixels
  iN = malloc(sizeof(int *) * Nr); // north surrounding element
  iS = malloc(sizeof(int *) * Nr); // south surrounding element
  jW = malloc(sizeof(int *) * Nc); // west surrounding element
  jE = malloc(sizeof(int *) * Nc); // east surrounding element

  // allocate variables for directional derivatives
  dN = malloc(sizeof(fp) * Ne); // north direction derivative
  dS = malloc(sizeof(fp) * Ne); // south direction derivative
  dW = malloc(sizeof(fp) * Ne); // west direction derivative
  dE = malloc(sizeof(fp) * Ne); // east direction derivative

  // allocate variable for diffusion coefficient
  c = malloc(sizeof(fp) * Ne); // diffusion coefficient

  // N/S/W/E indices of surrounding pixels (every element of IMAGE)
  for (i = 0; i < Nr; i++) {
    iN[i] = i - 1; // holds index of IMAGE row above
    iS[i] = i + 1; // holds index of IMAGE row below
  }
  for (j = 0; j < Nc; j++) {
    jW[j] = j - 1; // holds index of IMAGE column on the left
    jE[j] = j + 1; // holds index of IMAGE column on the right
  }
  // N/S/W/E boundary conditions, fix surrounding indices outside boundary of IMAGE
  iN[0] = 0;           // changes IMAGE top row index from -1 to 0
  iS[Nr - 1] = Nr - 1; // changes IMAGE bottom row index from Nr to Nr-1
  jW[0] = 0;           // changes IMAGE leftmost column index from -1 to 0
  jE[Nc - 1] = Nc - 1; // changes IMAGE rightmost column index from Nc to Nc-1

  // SCALE IMAGE DOWN FROM 0-255 TO 0-1 AND EXTRACT
  for (i = 0; i < Ne; i++) {        // do for the number of elements in input IMAGE
    image[i] = exp(image[i] / 255); // exponentiate input IMAGE and copy to output image
  }

  // COMPUTATION
  for (iter = 0; iter < niter; iter++) { // do for the number of iterations input parameter

    // ROI statistics for entire ROI (single number for ROI)
    sum = 0;
    sum2 = 0;
    for (i = r1; i <= r2; i++) {   // do for the range of rows in ROI
      for (j = c1; j <= c2; j++) { // do for the range of columns in ROI
        tmp = image[i + Nr * j];   // get coresponding value in IMAGE
        sum += tmp;                // take corresponding value and add to sum
        sum2 += tmp * tmp;         // take square of corresponding value and add to sum2
      }
    }
    meanROI = sum / NeROI;                       // gets mean (average) value of element in ROI
    varROI = (sum2 / NeROI) - meanROI * meanROI; // gets variance of ROI
    q0sqr = varROI / (meanROI * meanROI);        // gets standard deviation of ROI

#pragma esched task name(srad1) in(image [0:Ne], iN [0:Nr], iS [0:Nr], jW [0:Nc], jE [0:Nc])out(   \
    dN [0:Ne], dS [0:Ne], dW [0:Ne], dE [0:Ne], c [0:Ne]) gpu(srad_deriv_gpu)
    srad_deriv(Nr, Nc, image, iN, iS, jW, jE, dN, dS, dW, dE, c, q0sqr);

#pragma esched task name(srad2) in(iS [0:Nr], jE [0:Nc], dN [0:Ne], dS [0:Ne], dW [0:Ne],          \
                                   dE [0:Ne], c [0:Ne])inout(image [0:Ne]) gpu(srad_update_gpu)
    srad_update(Nr, Nc, image, iS, jE, dN, dS, dW, dE, c, lambda);
  }

  // SCALE IMAGE UP FROM 0-1 TO 0-255 AND COMPRESS
  for (i = 0; i < Ne; i++) {        // do for the number of elements in IMAGE
    image[i] = log(image[i]) * 255; // take logarithm of image, log compress
  }

  // WRITE IMAGE AFTER PROCESSING
  write_graphics("-", image, Nr, Nc, 1, 255);

  // DEALLOCATE
  free(image_ori);
  free(image);
  free(iN);
  free(iS);
  free(jW);
  free(jE);
  free(dN);
  free(dS);
  free(dW);
  free(dE);
  free(c);

  return 0;
}
