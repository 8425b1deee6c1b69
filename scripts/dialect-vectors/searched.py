"""Found by scripts/dialect-vectors/search.py (do not edit: rerun it). See its docstring."""
SEVEN = ['amsterdam', 'berlin', 'chicago', 'dublin', 'edinburgh', 'frankfurt', 'genève']
EDGE_KEYS = ['edge-29779', 'edge-74844', 'edge-29927', 'edge-228461', 'edge-21310', 'edge-22057', 'edge-43073', 'edge-59904']
# (key, virtual node, word): the key's point is that word of the virtual node's MD5
TIE_KEYS = [('tie-2817567', 'chicago-31', 1), ('tie-2907934', 'dublin-16', 2), ('tie-20671190', 'chicago-26', 2), ('tie-20990541', 'chicago-5', 2), ('tie-25903328', 'berlin-14', 1), ('tie-27959189', 'dublin-13', 3)]
# ((x, k, word), (y, k, word), point, keys landing on it)
COLLISIONS = [
    (('n4192', 5, 0), ('ñ6945', 1, 0), 65373537, ['hit-65373537-10129', 'hit-65373537-40097', 'hit-65373537-55014']),
    (('n3494', 2, 0), ('n7678', 9, 0), 707121847, ['hit-707121847-7661', 'hit-707121847-16456', 'hit-707121847-71203']),
    (('n2662', 1, 2), ('n5694', 0, 2), 4122539827, ['hit-4122539827-15374', 'hit-4122539827-20661', 'hit-4122539827-21500']),
]
# (x, y, point): word 0 of x-0 and of y-0
FIRST_NAME_COLLISION = ('z6567', 'z8179', 1610076377)
