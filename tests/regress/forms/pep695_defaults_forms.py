# PEP 696 (3.13+): type parameter defaults, each a lazy value.
def dflt[T = int, *Ts = *tuple[int], **P = [int]](): ...


class Cd[T: str = str]:
    pass


type Ad[T = bytes] = list[T]
