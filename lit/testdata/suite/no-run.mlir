// CHECK: a file without RUN lines is unresolved
