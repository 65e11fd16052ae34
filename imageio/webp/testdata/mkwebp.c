// mkwebp encodes a binary PPM file as a lossy WebP file with a given
// number of token partitions, which cwebp cannot ask for (see README).
// libwebp makes one partition whatever it is asked at methods 3 and more
// (they keep tokens for rate-distortion), so mkwebp uses method 2.
//
//	gcc -O2 -o mkwebp mkwebp.c -lwebp
//	./mkwebp in.ppm out.webp log2-partitions quality
#include <stdio.h>
#include <stdlib.h>
#include <webp/encode.h>

static int write(const uint8_t* data, size_t size, const WebPPicture* pic) {
  return fwrite(data, size, 1, (FILE*)pic->custom_ptr) == 1;
}

int main(int argc, char** argv) {
  if (argc != 5) return 2;
  FILE* in = fopen(argv[1], "rb");
  int w, h, maxval;
  if (!in || fscanf(in, "P6 %d %d %d", &w, &h, &maxval) != 3 || maxval != 255) return 1;
  fgetc(in);
  uint8_t* rgb = malloc(3 * w * h);
  if (fread(rgb, 3 * w * h, 1, in) != 1) return 1;
  WebPConfig config;
  WebPPicture pic;
  if (!WebPConfigInit(&config) || !WebPPictureInit(&pic)) return 1;
  config.partitions = atoi(argv[3]);
  config.quality = atof(argv[4]);
  config.method = 2;
  pic.width = w;
  pic.height = h;
  if (!WebPPictureImportRGB(&pic, rgb, 3 * w)) return 1;
  FILE* out = fopen(argv[2], "wb");
  pic.writer = write;
  pic.custom_ptr = out;
  if (!out || !WebPEncode(&config, &pic) || fclose(out) != 0) return 1;
  return 0;
}
