# An if whose body is a try statement, ending a loop's body (subprocess's
# _cleanup, uuid's _find_mac_near_keyword): 3.11 puts the loop's back jump
# for the if's test after the handlers, and the try's paths jump to the
# loop's head themselves.  Every version compiles these back to the same
# bytecode.


def _cleanup():
    for inst in _active[:]:
        res = inst.poll()
        if res is not None:
            try:
                _active.remove(inst)
            except ValueError:
                pass


def find_mac(stdout, keywords, get_word_index):
    first_local_mac = None
    for line in stdout:
        words = line.lower().rstrip().split()
        for i in range(len(words)):
            if words[i] in keywords:
                try:
                    word = words[get_word_index(i)]
                    mac = int(word.replace(b':', b''), 16)
                except (ValueError, IndexError):
                    pass
                else:
                    if _is_universal(mac):
                        return mac
                    first_local_mac = first_local_mac or mac
    return first_local_mac or None
