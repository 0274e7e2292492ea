// The module is the declarations of include/CSQLite.h; SwiftPM wants one source file in a C target.
#include "CSQLite.h"
