package tt
