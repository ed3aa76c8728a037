# `while True: try: ... except E: continue` then `break` after the try
# (zipfile's ZipFile.__init__, multiprocessing.shared_memory's
# SharedMemory.__init__): the try body jumps out of the loop, the clauses go
# round it (3.8, 3.9: the `break` after the try stays as dead code, the
# body's jump threaded past it).  Must compile back to the same bytecode.


def init(self, name):
    while True:
        name = make()
        try:
            self.fd = open(name)
        except FileExistsError:
            continue
        self.name = name
        break


def zinit(self, file):
    while True:
        try:
            self.fp = open(file)
        except OSError:
            if self.mode == 'r':
                continue
            raise
        break
    self.filename = file
