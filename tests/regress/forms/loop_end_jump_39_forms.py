# 3.8, 3.9 do not always thread a jump to a loop's own jump back (its last
# instruction) on to the loop's head: such a jump is the end of a branch
# or of a try's body, no `continue`, which jumps to the head itself.  And
# a break threaded through the jump after its loop, an outer `continue`.
def any_missing_maybe(self):
    """(modulefinder's ModuleFinder.any_missing_maybe)"""
    for name in self.badmodules:
        if pkg is not None:
            if a:
                missing.append(name)
            elif b:
                pass
            elif c:
                maybe.append(name)
            else:
                missing.append(name)
        else:
            missing.append(name)
    missing.sort()


def pass_then(self):
    for name in self.badmodules:
        if pkg:
            if b:
                pass
            else:
                missing.append(name)
        else:
            missing.append(name)


def try_in_elif(addresses):
    """(ipaddress's collapse_addresses)"""
    for ip in addresses:
        if a(ip):
            ips.append(ip)
        elif b(ip):
            try:
                ips.append(ip.ip)
            except AttributeError:
                ips.append(ip.network_address)
        else:
            nets.append(ip)
    return 1


def threaded_break(source, verbose):
    """(sre_parse's _parse)"""
    while x:
        if this == "#":
            while True:
                this = sourceget()
                if this is None or this == "\n":
                    break
            continue
        f(this)


def nested_test_ends(self, format, counter):
    """(formatter's AbstractFormatter.format_counter: no continue)"""
    label = ''
    for c in format:
        if c == '1':
            label = label + ('%d' % counter)
        elif c in 'aA':
            if counter > 0:
                label = label + self.format_letter(c, counter)
        elif c in 'iI':
            if counter > 0:
                label = label + self.format_roman(c, counter)
        else:
            label = label + c
    return label


def clause_ends_else(list, recursive, toplevel):
    """(imghdr's testall: no continue)"""
    for filename in list:
        if isdir(filename):
            if recursive or toplevel:
                testall(names, recursive, 0)
            else:
                print('*** directory (use -r) ***')
        else:
            try:
                print(what(filename))
            except OSError:
                print('*** not found ***')


def return_leaves_with(self):
    """(telnetlib's Telnet.interact: the return drops the iterator and
    calls the with's __exit__)"""
    with sel() as selector:
        while True:
            for key in selector.select():
                try:
                    text = self.read_eager()
                except EOFError:
                    print('closed')
                    return
                g(text)


def try_jumps_to_else_jump(self):
    """(xmlrpc.server's generate_html_documentation: the try's jumps go to
    the jump over the outer else-part)"""
    for method_name in self.system_listMethods():
        if method_name in self.funcs:
            method = self.funcs[method_name]
        elif self.instance is not None:
            if method_info != (None, None):
                method = method_info
            elif not hasattr(self.instance, '_dispatch'):
                try:
                    method = resolve_dotted_attribute(self.instance, method_name)
                except AttributeError:
                    method = method_info
            else:
                method = method_info
        else:
            assert 0, "Could not find"
        methods[method_name] = method


def break_after_while_else(self, chunks):
    """(textwrap's TextWrapper._wrap_chunks: the inner loop's breaks go
    through the outer break after its else block)"""
    while chunks:
        if cur_line:
            if a:
                lines.append(indent)
            else:
                while cur_line:
                    if b:
                        lines.append(indent)
                        break
                    del cur_line[-1]
                else:
                    if lines:
                        if c:
                            lines[-1] = prev_line
                            break
                    lines.append(indent)
                break
    return lines
