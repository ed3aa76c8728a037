def else_continue_after_return(self):
    while True:
        if self.full():
            return
        try:
            work_id = self.get()
        except Empty:
            return
        else:
            item = self.items[work_id]
            if item.ok():
                self.put(item)
            else:
                del self.items[work_id]
                continue


def else_continue(self):
    while True:
        try:
            work_id = self.get()
        except Empty:
            return
        else:
            if work_id:
                self.put(work_id)
            else:
                continue


def else_break(data, sock_send):
    while True:
        try:
            sent = sock_send(data)
        except BlockingIOError:
            continue
        else:
            if sent < len(data):
                data = data[sent:]
            else:
                break
    return 1


def nested_else_break(data, sock_send, file_read):
    while True:
        data = file_read()
        if not data:
            break
        while True:
            try:
                sent = sock_send(data)
            except BlockingIOError:
                continue
            else:
                if sent < len(data):
                    data = data[sent:]
                else:
                    break
    return 1
