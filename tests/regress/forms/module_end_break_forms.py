import sys

if __name__ == '__main__':
    loop = sys.modules
    while True:
        try:
            loop.run_forever()
        except KeyboardInterrupt:
            if loop and not loop.done():
                loop.cancel()
            continue
        else:
            break
