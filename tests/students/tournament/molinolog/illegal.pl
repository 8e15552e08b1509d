% Always places on the same point: legal once at most, then refused (occupied).
machine_move(_Estado, colocar((n, 2))).
