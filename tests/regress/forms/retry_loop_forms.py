# `while True: try: ...; break except E: ...` (pdb's _cmdloop, asyncio's
# all_tasks): the loop's only way round is through the except clause, and
# 3.10 copies the return after the loop for the break.


def cmdloop(self):
    while True:
        try:
            self.allow_kbdint = True
            self.cmdloop()
            self.allow_kbdint = False
            break
        except KeyboardInterrupt:
            self.message('--KeyboardInterrupt--')


def all_tasks(loop, _all_tasks):
    i = 0
    while True:
        try:
            tasks = list(_all_tasks)
        except RuntimeError:
            i += 1
            if i >= 1000:
                raise
        else:
            break
    return tasks
