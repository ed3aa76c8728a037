# A comprehension whose condition spans lines (argparse's _join_parts):
# 3.10 and 3.11 do not thread the first test's jump to the loop's back
# jump, which goes to the head where the second test jumps.


def join_parts(self, part_strings):
    return ''.join([part
                    for part in part_strings
                    if part and part is not SUPPRESS])
