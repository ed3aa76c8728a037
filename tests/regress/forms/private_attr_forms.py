# Private attributes inside a class: compiled as _C__name, read back as the
# source spelled them (3.13 records them so in __static_attributes__).


class _Counter:
    def __init__(self, start):
        self.__count = start
        self.__dict__['plain'] = 1
        self._Other__kept = 2

    def bump(self, other):
        def inner():
            return other.__count
        self.__count += inner()
        return self.__count

    class Inner:
        def set(self, v):
            self.__value = v
            return lambda: self.__value
