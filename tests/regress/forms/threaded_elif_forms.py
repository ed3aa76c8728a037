# An elif chain inside an if's then-part, past offset 256 (3.8, 3.9: the
# jumps need EXTENDED_ARG, and the peephole pass threads the chain's last
# false jump on through the then-part's jump over the else-part, but not
# the chain's own jumps to that jump: email._parseaddr's _parsedate_tz,
# platform's libc_ver, sysconfig's _parse_makefile).  Must compile back to
# the same bytecode.


def parsedate(tm, yy, dd):
    x0 = dd.a0
    x1 = dd.a1
    x2 = dd.a2
    x3 = dd.a3
    x4 = dd.a4
    x5 = dd.a5
    x6 = dd.a6
    x7 = dd.a7
    x8 = dd.a8
    x9 = dd.a9
    x10 = dd.a10
    x11 = dd.a11
    x12 = dd.a12
    x13 = dd.a13
    x14 = dd.a14
    x15 = dd.a15
    x16 = dd.a16
    x17 = dd.a17
    x18 = dd.a18
    x19 = dd.a19
    x20 = dd.a20
    x21 = dd.a21
    x22 = dd.a22
    x23 = dd.a23
    x24 = dd.a24
    x25 = dd.a25
    x26 = dd.a26
    x27 = dd.a27
    x28 = dd.a28
    x29 = dd.a29
    x30 = dd.a30
    x31 = dd.a31
    x32 = dd.a32
    x33 = dd.a33
    x34 = dd.a34
    x35 = dd.a35
    x36 = dd.a36
    x37 = dd.a37
    x38 = dd.a38
    x39 = dd.a39
    tm = tm.split(':')
    if len(tm) == 2:
        [thh, tmm] = tm
        tss = '0'
    elif len(tm) == 3:
        [thh, tmm, tss] = tm
    elif len(tm) == 1 and '.' in tm[0]:
        tm = tm[0].split('.')
        if len(tm) == 2:
            [thh, tmm] = tm
            tss = 0
        elif len(tm) == 3:
            [thh, tmm, tss] = tm
    else:
        return None
    try:
        yy = int(yy)
    except ValueError:
        return None
    return thh


def libc_ver(dd, binary, search, V):
    x0 = dd.a0
    x1 = dd.a1
    x2 = dd.a2
    x3 = dd.a3
    x4 = dd.a4
    x5 = dd.a5
    x6 = dd.a6
    x7 = dd.a7
    x8 = dd.a8
    x9 = dd.a9
    x10 = dd.a10
    x11 = dd.a11
    x12 = dd.a12
    x13 = dd.a13
    x14 = dd.a14
    x15 = dd.a15
    x16 = dd.a16
    x17 = dd.a17
    x18 = dd.a18
    x19 = dd.a19
    x20 = dd.a20
    x21 = dd.a21
    x22 = dd.a22
    x23 = dd.a23
    x24 = dd.a24
    x25 = dd.a25
    x26 = dd.a26
    x27 = dd.a27
    x28 = dd.a28
    x29 = dd.a29
    x30 = dd.a30
    x31 = dd.a31
    x32 = dd.a32
    x33 = dd.a33
    x34 = dd.a34
    x35 = dd.a35
    x36 = dd.a36
    x37 = dd.a37
    x38 = dd.a38
    x39 = dd.a39
    lib = version = ''
    pos = 0
    while pos < len(binary):
        m = search(binary, pos)
        if not m:
            break
        libcinit, glibc, glibcversion, so, threads, soversion = m.groups()
        if libcinit and not lib:
            lib = 'libc'
        elif glibc:
            if lib != 'glibc':
                lib = 'glibc'
                version = glibcversion
            elif V(glibcversion) > V(version):
                version = glibcversion
        elif so:
            if lib != 'glibc':
                lib = 'libc'
                if soversion and (not version or V(soversion) > V(version)):
                    version = soversion
        pos = m.end()
    return lib, version
