// The reference the benchmark measures the tool against: how fast one core can find every
// record's type in export.xml, and nothing more. It does what the shared benchmark's scan.c does,
// step for step, so that `compare`'s ratios are that program's:
//   - read the file 4 MiB at a time into one buffer;
//   - find each '<' with memchr, leaving the block's last 512 bytes for the next read (all of
//     them at the end of the file), so that no tag is cut;
//   - where `<Record type="` starts, find the type's closing quote within 200 bytes (and the bytes read), count the
//     record and add the type's last byte to a checksum;
//   - print the count and the checksum.
// Usage: health-exporter-scan FILE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { block_size = 4 << 20, held_back = 512, longest_type = 200 };

static const char record_start[] = "<Record type=\"";

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: health-exporter-scan FILE\n");
    return 64;
  }
  int file = open(argv[1], O_RDONLY);
  if (file < 0) {
    perror(argv[1]);
    return 1;
  }
  char *buffer = malloc(block_size);
  if (buffer == NULL) {
    perror("health-exporter-scan");
    return 1;
  }
  const size_t start_length = sizeof record_start - 1;
  size_t filled = 0;
  long records = 0, checksum = 0;
  for (;;) {
    ssize_t count = read(file, buffer + filled, block_size - filled);
    if (count < 0) {
      perror(argv[1]);
      return 1;
    }
    filled += (size_t)count;
    char *end = buffer + filled;
    char *limit = count == 0 ? end : end - held_back;
    char *cursor = buffer;
    while (cursor < limit) {
      char *tag = memchr(cursor, '<', (size_t)(limit - cursor));
      if (tag == NULL) {
        cursor = limit;
        break;
      }
      if ((size_t)(end - tag) >= start_length && tag[1] == 'R' &&
          memcmp(tag, record_start, start_length) == 0) {
        size_t after = (size_t)(end - tag) - start_length;
        char *quote = memchr(tag + start_length, '"', after < longest_type ? after : longest_type);
        if (quote != NULL) {
          records += 1;
          checksum += quote[-1];
        }
      }
      cursor = tag + 1;
    }
    if (count == 0) break;
    memmove(buffer, cursor, (size_t)(end - cursor));
    filled = (size_t)(end - cursor);
  }
  printf("%ld %ld\n", records, checksum);
  return 0;
}
