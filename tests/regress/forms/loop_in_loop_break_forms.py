# A while loop that ends a for loop's body, with a conditional break: 3.12+
# thread the break, the loop's first test and its exit straight to the for
# loop's head (the first test's false path jumps backwards).
def retry_each(items, attempt):
    for item in items:
        while item:
            item = attempt(item)
            if item:
                break
    return items


# A retry loop whose try body ends in break: 3.12+ place the code after the
# loop right after the try body, and the loop's bottom test after the
# handlers (pstats' get_sort_arg_defs, email.header's decode_header).
def first_success(tries, attempt, note):
    while tries:
        try:
            result = attempt()
            break
        except ValueError:
            tries -= 1
    note(tries)
    return tries
