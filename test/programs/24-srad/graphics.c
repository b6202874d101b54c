//======================================================================
//	READ / WRITE PGM (ASCII P2) IMAGES, AS RODINIA'S GRAPHICS.C
//======================================================================

void write_graphics(char *filename, fp *input, int data_rows, int data_cols, int major,
                    int data_range) {
  FILE *fid;
  int i, j;

  if (filename[0] == '-' && filename[1] == 0)
    fid = stdout;
  else
    fid = fopen(filename, "w");
  if (fid == NULL) {
    printf("The file was not created/opened for writing\n");
    return;
  }

  fprintf(fid, "P2\n");
  fprintf(fid, "%d %d\n", data_cols, data_rows);
  fprintf(fid, "%d\n", data_range);

  if (major == 0) {
    for (i = 0; i < data_rows; i++) {
      for (j = 0; j < data_cols; j++)
        fprintf(fid, "%d ", (int)input[i * data_cols + j]);
      fprintf(fid, "\n");
    }
  } else {
    for (i = 0; i < data_rows; i++) {
      for (j = 0; j < data_cols; j++)
        fprintf(fid, "%d ", (int)input[j * data_rows + i]);
      fprintf(fid, "\n");
    }
  }

  if (fid != stdout)
    fclose(fid);
}

void read_graphics(char *filename, fp *input, int data_rows, int data_cols, int major) {
  FILE *fid;
  char c;
  int i, j;
  int val;

  fid = fopen(filename, "r");
  if (fid == NULL) {
    printf("The file was not opened\n");
    return;
  }

  // skip the header: P2, the comments, the sizes, the range
  i = 0;
  while (i < 3) {
    c = fgetc(fid);
    if (c == '#') {
      while (fgetc(fid) != '\n')
        ;
      continue;
    }
    if (c == '\n')
      i = i + 1;
  }

  if (major == 0) {
    for (i = 0; i < data_rows; i++)
      for (j = 0; j < data_cols; j++) {
        if (fscanf(fid, "%d", &val) != 1)
          val = 0;
        input[i * data_cols + j] = (fp)val;
      }
  } else {
    for (i = 0; i < data_rows; i++)
      for (j = 0; j < data_cols; j++) {
        if (fscanf(fid, "%d", &val) != 1)
          val = 0;
        input[j * data_rows + i] = (fp)val;
      }
  }

  fclose(fid);
}
